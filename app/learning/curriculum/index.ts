import { cashFlow } from "./cash-flow";
import { basGstPayg } from "./bas-gst-payg";
import { pricingMargins } from "./pricing-margins";
import { systemsSops } from "./systems-sops";
import { hiringFairWork } from "./hiring-fair-work";
import { marketingEnquiries } from "./marketing-enquiries";
import type { CurriculumModule } from "./types";

// The seeded curriculum, in the hub's order.
export const CURRICULUM: CurriculumModule[] = [cashFlow, basGstPayg, pricingMargins, systemsSops, hiringFairWork, marketingEnquiries];
