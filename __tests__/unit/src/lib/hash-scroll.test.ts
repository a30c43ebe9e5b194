import { idFromHash, scrollToHash, waitForElement, waitForSectionsAbove } from "../../../../src/lib/hash-scroll";
import { PENDING_SECTION_ATTRIBUTE, REVEAL_SECTIONS_EVENT } from "../../../../src/lib/deferred-sections";

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("idFromHash", () => {
  it("strips the # and decodes", () => {
    expect(idFromHash("#aboutUs")).toBe("aboutUs");
    expect(idFromHash("#caf%C3%A9")).toBe("café");
    expect(idFromHash("")).toBeNull();
    expect(idFromHash("#")).toBeNull();
  });
});

describe("waitForElement", () => {
  it("resolves at once when the element is already there", async () => {
    document.body.innerHTML = '<section id="features"></section>';
    await expect(waitForElement("features", 10_000)).resolves.toBe(document.getElementById("features"));
  });

  it("resolves when the element appears later, before the 10 s limit", async () => {
    jest.useFakeTimers();
    const pending = waitForElement("aboutUs", 10_000);
    jest.advanceTimersByTime(9_000);
    const section = document.createElement("section");
    section.id = "aboutUs";
    document.body.append(section);
    await expect(pending).resolves.toBe(section);
  });

  it("gives up with null after 10 s without the element", async () => {
    jest.useFakeTimers();
    const pending = waitForElement("missing", 10_000);
    jest.advanceTimersByTime(9_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(pending).resolves.toBeNull();
  });
});

describe("waitForSectionsAbove", () => {
  it("resolves at once when the only placeholder is below the target", async () => {
    document.body.innerHTML = `<section id="features"></section><div ${PENDING_SECTION_ATTRIBUTE}></div>`;
    await expect(waitForSectionsAbove(document.getElementById("features")!, 1000)).resolves.toBe(true);
  });

  it("waits for a placeholder above the target to be replaced by its section", async () => {
    document.body.innerHTML = `<div id="slot"><div ${PENDING_SECTION_ATTRIBUTE}></div></div><section id="aboutUs"></section>`;
    let settled: boolean | undefined;
    const pending = waitForSectionsAbove(document.getElementById("aboutUs")!, 10_000).then(
      (value) => (settled = value),
    );
    // The placeholder is still there once the observer has seen an unrelated change.
    document.body.append(document.createElement("p"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBeUndefined();
    document.getElementById("slot")!.innerHTML = '<section id="features"></section>';
    await expect(pending).resolves.toBe(true);
  });

  it("gives up with false when the placeholder stays past the limit", async () => {
    document.body.innerHTML = `<div ${PENDING_SECTION_ATTRIBUTE}></div><section id="aboutUs"></section>`;
    await expect(waitForSectionsAbove(document.getElementById("aboutUs")!, 20)).resolves.toBe(false);
  });
});

describe("scrollToHash", () => {
  it("asks on-demand sections to load when the target is not there yet", async () => {
    const revealed = jest.fn(() => {
      const section = document.createElement("section");
      section.id = "features";
      document.body.append(section);
    });
    window.addEventListener(REVEAL_SECTIONS_EVENT, revealed);
    window.matchMedia = jest.fn().mockReturnValue({ matches: true });
    const scrollTo = jest.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    await expect(scrollToHash("#features", { timeoutMs: 1000 })).resolves.toBe(true);
    expect(revealed).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalled();
    expect(document.activeElement).toBe(document.getElementById("features"));
    window.removeEventListener(REVEAL_SECTIONS_EVENT, revealed);
  });

  it("aims only once the section above the target has replaced its placeholder", async () => {
    document.body.innerHTML = `<div id="slot"><div ${PENDING_SECTION_ATTRIBUTE}></div></div><section id="aboutUs"></section>`;
    const about = document.getElementById("aboutUs")!;
    let aboutTop = 1200; // where the placeholder's guessed height puts it
    jest.spyOn(about, "getBoundingClientRect").mockImplementation(() => ({ top: aboutTop }) as DOMRect);
    window.matchMedia = jest.fn().mockReturnValue({ matches: true });
    const scrollTo = jest.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const revealed = jest.fn();
    window.addEventListener(REVEAL_SECTIONS_EVENT, revealed);
    const scrolled = scrollToHash("#aboutUs", { timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revealed).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
    aboutTop = 1450; // the real section is taller than its placeholder
    document.getElementById("slot")!.innerHTML = "<section></section>";
    await expect(scrolled).resolves.toBe(true);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1450);
    window.removeEventListener(REVEAL_SECTIONS_EVENT, revealed);
  });

  it("resolves false when the target never appears", async () => {
    await expect(scrollToHash("#nowhere", { timeoutMs: 20 })).resolves.toBe(false);
  });
});
