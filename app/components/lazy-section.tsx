import { useEffect, useRef, useState, type ReactNode } from "react";

export const LAZY_PRELOAD_DISTANCE_PX = 200;

/** Reports once whether the element has come within LAZY_PRELOAD_DISTANCE_PX of the viewport. */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    // Every browser we support has IntersectionObserver; without it the fallback simply stays.
    if (!("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_PRELOAD_DISTANCE_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * A below-the-fold section. Its text is always in the server-rendered HTML (for search engines and
 * readers without JavaScript); the browser skips its layout until needed, and `widget` — anything
 * heavy — mounts only when the section comes within 200 px of view, replacing `fallback`.
 */
export function LazySection({
  id,
  className = "",
  labelledBy,
  children,
  widget,
  fallback,
}: {
  id?: string;
  className?: string;
  labelledBy: string;
  children: ReactNode;
  widget?: () => ReactNode;
  fallback?: ReactNode;
}) {
  const { ref, near } = useNearViewport<HTMLElement>();
  return (
    <section id={id} ref={ref} className={`section lazy-section ${className}`} aria-labelledby={labelledBy} data-visible={near}>
      {children}
      {widget ? (near ? widget() : fallback) : null}
    </section>
  );
}
