/**
 * The person the thank-you page introduces. The photo is a replaceable file: put a
 * real photo at public/images/team-leader.webp (or .jpg) and point `photo` at it.
 */
export const TEAM_LEADER = {
  name: "Claire Morgan",
  role: "Customer Team Leader",
  photo: "/images/team-leader.svg",
  photoWidth: 320,
  photoHeight: 320,
} as const;
