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

export const BOOKING_LINK: NavLink = { label: "Free 20-min Call", to: "/booking" };
export const SIGN_IN_LINK: NavLink = { label: "Sign In", to: "/auth" };

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
