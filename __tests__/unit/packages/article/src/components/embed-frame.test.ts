import {
  activateEmbeds,
  EMBED_FRAME,
  EMBED_SRC_ATTRIBUTE,
  EMBED_TITLE_ATTRIBUTE,
} from "../../../../../../packages/article/src/components/embed-frame";

/** A built body with one embed's button, as EmbedBlock renders it, and a plain button. */
function builtBody(): HTMLElement {
  const body = document.createElement("div");
  body.innerHTML =
    `<figure><div><button type="button" ${EMBED_SRC_ATTRIBUTE}="https://www.youtube-nocookie.com/embed/x" ` +
    `${EMBED_TITLE_ATTRIBUTE}="YouTube embed">Load the YouTube content <span>It comes from …</span></button></div></figure>` +
    `<button type="button" id="other">Other</button>`;
  document.body.append(body);
  return body;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("activateEmbeds", () => {
  it("replaces an embed's button, clicked anywhere on it, by its frame with the fixed attributes", () => {
    const body = builtBody();
    activateEmbeds(body);
    body.querySelector<HTMLElement>("button span")!.click();
    expect(body.querySelector(`button[${EMBED_SRC_ATTRIBUTE}]`)).toBeNull();
    const frame = body.querySelector("iframe")!;
    expect(frame.src).toBe("https://www.youtube-nocookie.com/embed/x");
    expect(frame.title).toBe("YouTube embed");
    expect(frame.getAttribute("loading")).toBe(EMBED_FRAME.loading);
    expect(frame.getAttribute("sandbox")).toBe(EMBED_FRAME.sandbox);
    expect(frame.getAttribute("allow")).toBe(EMBED_FRAME.allow);
    expect(frame.getAttribute("referrerpolicy")).toBe(EMBED_FRAME.referrerPolicy);
  });

  it("leaves other buttons, and embeds outside its container, alone", () => {
    const body = builtBody();
    const outside = builtBody();
    activateEmbeds(body);
    body.querySelector<HTMLElement>("#other")!.click();
    outside.querySelector<HTMLElement>(`button[${EMBED_SRC_ATTRIBUTE}]`)!.click();
    expect(document.querySelectorAll("iframe")).toHaveLength(0);
  });

  it("stops when the function it returns is called", () => {
    const body = builtBody();
    activateEmbeds(body)();
    body.querySelector<HTMLElement>(`button[${EMBED_SRC_ATTRIBUTE}]`)!.click();
    expect(body.querySelector("iframe")).toBeNull();
  });

  it("sandboxes the frame: scripts of its own origin, no top navigation, no forms", () => {
    expect(EMBED_FRAME.sandbox.split(" ").sort()).toEqual([
      "allow-popups",
      "allow-presentation",
      "allow-same-origin",
      "allow-scripts",
    ]);
  });
});
