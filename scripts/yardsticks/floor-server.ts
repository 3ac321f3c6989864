/**
 * The yardstick for lead intake in `npm run bench`: the least an HTTP endpoint can do to
 * take a quote, on the same stack and database as the site. Hono on Node reads the JSON
 * body and inserts it as one row of `quotes` (a prepared statement through a pool of the
 * site's size), answering 201 with the new id. No validation, figures, emails, rate
 * limit or duplicate check: the floor cost of an HTTP request with one write.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = new Hono();

app.post("/api/quotes", async (c) => {
  const q = await c.req.json();
  const { rows } = await pool.query({
    name: "insert-quote",
    text: `insert into quotes (submission_key, email, first_name, last_name, phone, loan_purpose, homeowner_status,
      credit_history, loan_amount, property_value, mortgage_balance, monthly_income, employment_status,
      ltv_ratio, indicative_rate, monthly_payment, landing_page_url)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 60, 5.69, 958.26, $14) returning id`,
    values: [
      q.submission_key,
      q.email,
      q.first_name,
      q.last_name,
      q.phone,
      q.loan_purpose,
      q.homeowner_status,
      q.credit_history,
      q.loan_amount,
      q.property_value,
      q.mortgage_balance,
      q.monthly_income,
      q.employment_status,
      q.landing_page_url,
    ],
  });
  return c.json({ id: rows[0].id }, 201);
});

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
