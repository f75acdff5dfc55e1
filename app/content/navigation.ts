import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

export type NavLink = { label: string; to: string };

export const SERVICE_LINKS: NavLink[] = [
  { label: "All Services", to: "/services" },
  { label: "ClarityAI Coach", to: "/services/clarityai" },
  { label: "Strategic Planning", to: "/services/strategic-planning" },
  { label: "Operational Improvement", to: "/services/operational-improvement" },
  { label: "Digital Systems", to: "/services/digital-systems" },
  { label: "Software Solutions", to: "/services/software-solutions" },
];

export const PRIMARY_LINKS: NavLink[] = [
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Case Studies", to: "/case-studies" },
  { label: "Resources", to: "/resources" },
  { label: "Contact", to: "/contact" },
];

export const BOOKING_LINK: NavLink = { label: "Free 20-min Call", to: DISCOVERY_CALL_HREF };
export const SIGN_IN_LINK: NavLink = { label: "Sign In", to: "/auth" };

// SPEC §2: what a signed-in user also sees, by role. Sign Out is a form (POST /sign-out), not a link.
export const ACCOUNT_LINKS: (NavLink & { role?: "coach" | "admin" })[] = [
  { label: "Learning", to: "/learning" },
  { label: "Profile", to: "/profile" },
  { label: "Coach Portal", to: "/coach", role: "coach" },
  { label: "Admin", to: "/admin", role: "admin" },
];
export const SIGN_OUT_ACTION = "/sign-out";

export const FOOTER_GROUPS: { heading: string; links: NavLink[] }[] = [
  { heading: "Services", links: SERVICE_LINKS },
  {
    heading: "Company",
    links: [
      { label: "About us", to: "/about" },
      { label: "Case studies", to: "/case-studies" },
      { label: "Become a coach", to: "/become-coach" },
      { label: "Contact", to: "/contact" },
    ],
  },
  {
    heading: "Learn",
    links: [
      { label: "Blog", to: "/blog" },
      { label: "Resources", to: "/resources" },
      { label: "Business coaching by city", to: "/locations" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Terms of service", to: "/terms" },
      { label: "Privacy policy", to: "/privacy" },
    ],
  },
];
