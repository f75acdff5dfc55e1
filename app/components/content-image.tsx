import type { ContentImageSource } from "~/content/content-image";
import { ResponsiveImage } from "./responsive-image";

// A content item's image, as resolveContentImage gives it: a build-time illustration, or an upload
// with its responsive sizes (WebP sources, then the JPEG or PNG fallback's srcset), its own width and
// height (no layout shift), lazy unless it is above the fold (`priority`). `alt` is the page's words
// for it; without them the upload's own alt text is used.
export function ContentImage({
  image,
  alt,
  sizes = "(min-width: 1200px) 1160px, 100vw",
  priority = false,
  className,
}: {
  image: ContentImageSource;
  alt?: string;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  if (image.kind === "illustration") return <ResponsiveImage imageKey={image.key} alt={alt ?? ""} sizes={sizes} priority={priority} className={className} />;
  const srcSet = (format: string) =>
    image.variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(", ");
  const fallbackFormat = image.variants.find((variant) => variant.format !== "webp")?.format;
  const webp = srcSet("webp");
  return (
    <picture className={className}>
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      <img
        src={image.src}
        srcSet={fallbackFormat ? srcSet(fallbackFormat) : undefined}
        sizes={fallbackFormat ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        {...(priority ? { fetchpriority: "high" } : {})}
      />
    </picture>
  );
}
