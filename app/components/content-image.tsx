import type { ContentImageSource } from "~/content/content-image";
import { ResponsiveImage } from "./responsive-image";

// PLACEHOLDER (owner: i26-media) — renders an uploaded image with its responsive variants; today
// only build-time illustrations render.
export function ContentImage({
  image,
  alt,
  sizes,
  priority = false,
  className,
}: {
  image: ContentImageSource;
  alt: string;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  if (image.kind === "illustration") return <ResponsiveImage imageKey={image.key} alt={alt} sizes={sizes} priority={priority} className={className} />;
  return <img src={image.src} alt={alt} width={image.width} height={image.height} className={className} loading={priority ? "eager" : "lazy"} />;
}
