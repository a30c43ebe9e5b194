import * as React from "react";

/**
 * The URL of the toast stylesheet (react-toastify's, with src/components/layout/toasts.css), which
 * src/node/webpack.ts publishes at build time and defines for the browser bundles.
 */
declare const __TOAST_STYLESHEET__: string | undefined;

type ToastLibrary = typeof import("./ToastArea");
export type ToastKind = "success" | "error";

// No page needs the toast library to show or to work: it and its stylesheet load with the first
// toast (the first press of Subscribe), and stay for the rest of the visit.
let library: Promise<ToastLibrary> | null = null;
const mountedAreas = new Set<() => void>();

/** Resolves once the stylesheet has loaded (or failed to: the toast still shows, unstyled). */
function loadStylesheet(): Promise<void> {
  const href = typeof __TOAST_STYLESHEET__ === "string" ? __TOAST_STYLESHEET__ : "";
  if (!href || document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

function loadLibrary(): Promise<ToastLibrary> {
  if (!library) {
    library = Promise.all([import("./ToastArea"), loadStylesheet()]).then(([module]) => module);
    library.catch(() => {
      library = null;
    });
    for (const mount of mountedAreas) mount();
  }
  return library;
}

/**
 * Shows a toast, loading the library first if need be. A toast asked for before the area is on
 * screen waits in the library's queue until it is.
 */
export async function showToast(kind: ToastKind, message: string): Promise<void> {
  try {
    const { toast } = await loadLibrary();
    toast[kind](message);
  } catch (error) {
    console.warn(`The message "${message}" could not be shown:`, error);
  }
}

/** Where the toasts appear (top-right). Renders nothing until the first toast loads the library. */
export function Toasts(): JSX.Element | null {
  const [Area, setArea] = React.useState<ToastLibrary["ToastArea"] | null>(null);
  React.useEffect(() => {
    let mounted = true;
    const mount = (): void => {
      library?.then(({ ToastArea }) => mounted && setArea(() => ToastArea)).catch(() => undefined);
    };
    mountedAreas.add(mount);
    mount();
    return () => {
      mounted = false;
      mountedAreas.delete(mount);
    };
  }, []);
  return Area ? <Area /> : null;
}
