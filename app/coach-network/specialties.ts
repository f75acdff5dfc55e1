import { SERVICE_SLUGS, type ServiceSlug } from "~/content/services";
import { BUSINESS_TYPES } from "~/leads/lead-fields";

// What a coach coaches (the service pillars) and whom (the industries the site's forms already
// ask businesses about): the one list the application, the coach's profile and the booking page's
// coach filter share. Safe for the browser bundle.

export const COACH_SPECIALTIES = SERVICE_SLUGS;
export type CoachSpecialty = ServiceSlug;

export const COACH_SPECIALTY_LABELS: Readonly<Record<CoachSpecialty, string>> = {
  "strategic-planning": "Strategic planning",
  "operational-improvement": "Operational improvement",
  "digital-systems": "Digital systems",
  "software-solutions": "Software solutions",
};

/** The industries a coach serves: the business types of the site's forms, without "Other". */
export const COACH_INDUSTRIES = BUSINESS_TYPES.filter((type) => type !== "Other") as Exclude<(typeof BUSINESS_TYPES)[number], "Other">[];
export type CoachIndustry = (typeof COACH_INDUSTRIES)[number];
