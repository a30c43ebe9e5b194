import * as React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";

export interface ResponsiveImageProps {
  image: IGatsbyImageData;
  alt: string;
  className?: string;
  loading?: "eager" | "lazy";
  /** "high" for the page's largest image, so the browser fetches it first. */
  fetchPriority?: "high" | "auto";
  /** The width the image takes on screen (a `sizes` attribute; see src/lib/image-slots.ts), when it is not the full viewport up to the image's width. */
  sizes?: string;
  /** Called once the image has loaded, including when it had already loaded before hydration. */
  onLoad?: () => void;
}

/**
 * An image processed at build time by gatsby-plugin-image (sizes, AVIF/WebP), rendered as a plain
 * <picture>. GatsbyImage would also load a client runtime with react-dom/server on every page that
 * shows one; this needs no JavaScript at all, and width/height reserve its space.
 */
export function ResponsiveImage({
  image,
  alt,
  className,
  loading = "lazy",
  fetchPriority = "auto",
  sizes,
  onLoad,
}: ResponsiveImageProps): JSX.Element {
  const { fallback, sources = [] } = image.images;
  const imgRef = React.useRef<HTMLImageElement>(null);
  React.useEffect(() => {
    if (imgRef.current?.complete) onLoad?.();
  }, [onLoad]);
  return (
    <picture className={className}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes ?? source.sizes} />
      ))}
      <img
        ref={imgRef}
        onLoad={onLoad}
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={sizes ?? fallback?.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        // The largest image is decoded as soon as it arrives; the others off the main thread's way.
        decoding={fetchPriority === "high" ? "auto" : "async"}
        // React 18 knows only the lower-case attribute.
        {...{ fetchpriority: fetchPriority }}
      />
    </picture>
  );
}

/** The URL of the image's fallback file, for social tags. */
export function imageSrc(image: IGatsbyImageData | null | undefined): string | undefined {
  return image?.images.fallback?.src;
}
