import { describe, expect, it } from "vitest";
import { NEEDS_PROBLEMS, NEEDS_TEXT_MAX, needsMarkers, readAdviserNeeds, readBorrowerNeeds } from "./needs";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return {
    get: (name: string) => {
      const v = data.get(name);
      return typeof v === "string" ? v : null;
    },
    getAll: (name: string) => data.getAll(name).filter((v): v is string => typeof v === "string"),
  };
};

describe("the borrower's needs", () => {
  it.each([
    ["an adjustment ticked", [["adjustments", "email"]], { adjustments: ["email"], note: null, healthDetails: null }],
    [
      "boxes in the list's order whatever the post's",
      [
        ["adjustments", "in-writing"],
        ["adjustments", "email"],
      ],
      { adjustments: ["email", "in-writing"], note: null, healthDetails: null },
    ],
    [
      "only words",
      [["needs-note", "  My son helps me  "]],
      { adjustments: [], note: "My son helps me", healthDetails: null },
    ],
    [
      "health details with consent",
      [
        ["health", "I have a hearing loss"],
        ["health-consent", "yes"],
      ],
      { adjustments: [], note: null, healthDetails: "I have a hearing loss" },
    ],
  ] as const)("takes %s", (_, entries, value) => {
    expect(readBorrowerNeeds(form(entries as unknown as [string, string][]))).toEqual({ ok: true, value });
  });

  it.each([
    ["nothing said", [], { adjustments: NEEDS_PROBLEMS.empty }],
    ["an adjustment not on the list", [["adjustments", "__proto__"]], { adjustments: NEEDS_PROBLEMS.adjustments }],
    ["health details without consent", [["health", "Diabetes"]], { "health-consent": NEEDS_PROBLEMS.consent }],
    ["words over the limit", [["needs-note", "a".repeat(NEEDS_TEXT_MAX + 1)]], { "needs-note": NEEDS_PROBLEMS.note }],
    ["only consent ticked", [["health-consent", "yes"]], { adjustments: NEEDS_PROBLEMS.empty }],
  ] as const)("refuses %s, beside the field", (_, entries, problems) => {
    const read = readBorrowerNeeds(form(entries as unknown as [string, string][]));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems).toEqual(problems);
  });

  it("gives back what was typed when it refuses", () => {
    const read = readBorrowerNeeds(
      form([
        ["health", "Diabetes"],
        ["adjustments", "email"],
      ]),
    );
    expect(read.ok ? null : read.values).toEqual({
      adjustments: ["email"],
      "needs-note": "",
      health: "Diabetes",
      "health-consent": "",
    });
  });

  it("takes exactly the limit", () => {
    expect(readBorrowerNeeds(form([["needs-note", "a".repeat(NEEDS_TEXT_MAX)]])).ok).toBe(true);
  });
});

describe("the adviser's record", () => {
  it("takes drivers, adjustments, words and the source", () => {
    expect(
      readAdviserNeeds(
        form([
          ["drivers", "life-events"],
          ["adjustments", "more-time"],
          ["needs-note", "Recently bereaved"],
          ["source", "call"],
        ]),
      ),
    ).toEqual({
      ok: true,
      value: { drivers: ["life-events"], adjustments: ["more-time"], note: "Recently bereaved", source: "call" },
    });
  });

  it.each([
    ["no source", [["drivers", "health"]], { source: NEEDS_PROBLEMS.source }],
    [
      "a source not on the list",
      [
        ["drivers", "health"],
        ["source", "toString"],
      ],
      { source: NEEDS_PROBLEMS.source },
    ],
    [
      "a driver not on the list",
      [
        ["drivers", "money"],
        ["source", "call"],
      ],
      { drivers: NEEDS_PROBLEMS.drivers },
    ],
    ["nothing recorded", [["source", "call"]], { drivers: NEEDS_PROBLEMS.adviserEmpty }],
  ] as const)("refuses %s", (_, entries, problems) => {
    const read = readAdviserNeeds(form(entries as unknown as [string, string][]));
    expect(read.ok ? null : read.problems).toEqual(problems);
  });
});

describe("the console's markers", () => {
  it.each([
    [null, []],
    [{ adjustments: [] }, ["Needs care"]],
    [{ adjustments: ["in-writing", "email"] }, ["Prefers email", "Explain in writing"]],
    [{ adjustments: ["unknown"] }, ["Needs care"]],
  ] as const)("%j is marked %j", (record, markers) => {
    expect(needsMarkers(record)).toEqual(markers);
  });
});
