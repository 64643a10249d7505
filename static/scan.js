// Reading a QR code: the camera (getUserMedia), a picture of the code (a photo or a screenshot,
// <input type=file accept=image/*>), or its link pasted, always. Decoded by the browser's own
// BarcodeDetector where it has one for QR codes, else by the vendored jsQR 1.4.0 (pure JS,
// Apache-2.0; pinned and sha256-checked by tools/build/vendor.py), imported only when a code is to be
// read. This module itself is imported only when the encounter panel asks for a scan (peer.js).
// What is read is untrusted text: the caller checks it (peer.js unpacks it within share.js's limits).

const el = (tag, props, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

const MAX_SIDE = 1600; // pixels: a picture is scaled down to this before jsQR reads it (a phone's photo is 4000 wide)

let detector; // a BarcodeDetector for QR codes, null where the browser has none
async function nativeDetector() {
  if (detector !== undefined) return detector;
  detector = null;
  try {
    if ("BarcodeDetector" in self && (await self.BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
      detector = new self.BarcodeDetector({ formats: ["qr_code"] });
    }
  } catch {
    detector = null;
  }
  return detector;
}

async function jsQR() {
  if (!self.jsQR) await import("./vendor/jsqr/jsQR.js"); // a UMD bundle: it sets self.jsQR
  return self.jsQR;
}

/**
 * The text of the first QR code in `source` (an ImageBitmap, a <video> playing, a <canvas> or an
 * <img>), or null when none is found. `width`/`height`: the source's size in pixels.
 */
export async function readCode(source, width, height) {
  const native = await nativeDetector();
  if (native) {
    try {
      const codes = await native.detect(source);
      if (codes.length) return codes[0].rawValue;
    } catch {
      // the detector refused this source: the library below reads it
    }
  }
  if (!width || !height) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = el("canvas", { width: w, height: h });
  const g = canvas.getContext("2d", { willReadFrequently: true });
  g.fillStyle = "#fff"; // a transparent PNG reads as white, not black
  g.fillRect(0, 0, w, h);
  g.drawImage(source, 0, 0, w, h);
  const found = (await jsQR())(g.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "attemptBoth" });
  return found?.data || null;
}

/** The text of the QR code in an image file (a photo or a screenshot), or null. */
export async function readFile(file) {
  const bitmap = await createImageBitmap(file);
  try {
    return await readCode(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/**
 * A scanner in `box` (replacing what it held): Camera, Picture of the code and a paste box.
 * `what`: what to scan, in words ("the GM's code"); `use(text)`: called with each text read or
 * pasted, resolving to an error message to show (the text is not what was asked for) or null (done:
 * the scanner closes). Returns a function that closes it (stopping the camera).
 */
export function openScanner(box, { what, use }) {
  const status = el("p", { className: "hint live-scan-status", role: "status" });
  const camera = el("button", { type: "button", className: "secondary live-camera", textContent: "Camera" });
  const picture = el("input", { type: "file", accept: "image/*", className: "live-picture" });
  const pictureLabel = el("label", { className: "live-picture-label" }, "Picture of the code ", picture);
  const paste = el("input", { type: "text", className: "live-paste", autocomplete: "off", spellcheck: false });
  paste.setAttribute("aria-label", `The link of ${what}`);
  paste.placeholder = "or paste the link";
  const usePaste = el("button", { type: "button", className: "secondary live-use", textContent: "Use the link" });
  const close = el("button", { type: "button", className: "secondary live-close", textContent: "Close" });
  const video = el("video", { className: "live-video", hidden: true, muted: true, playsInline: true });
  video.style.maxWidth = "100%"; // a camera's picture is wider than a phone
  box.replaceChildren(
    el("p", { className: "hint", textContent: `Scan ${what}: with the camera, from a picture of it, or paste its link.` }),
    el("div", { className: "row" }, camera, close),
    pictureLabel,
    el("div", { className: "row" }, paste, usePaste),
    video,
    status,
  );
  box.hidden = false;
  let stream = null;
  let closed = false;

  const stop = () => {
    stream?.getTracks().forEach((t) => t.stop());
    stream = null;
    video.hidden = true;
  };
  const shut = () => {
    closed = true;
    stop();
    box.hidden = true;
    box.replaceChildren();
  };
  async function take(text) {
    const wrong = await use(text);
    if (wrong) status.textContent = wrong;
    else shut();
    return !wrong;
  }

  camera.addEventListener("click", async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      status.textContent = "This browser gives the page no camera: use a picture of the code or paste its link.";
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch {
      status.textContent = "The camera could not be opened (refused or busy): use a picture of the code or paste its link.";
      return;
    }
    video.srcObject = stream;
    video.hidden = false;
    await video.play().catch(() => {});
    status.textContent = `Point the camera at ${what}\u2026`;
    while (stream && !closed) {
      if (video.videoWidth) {
        const text = await readCode(video, video.videoWidth, video.videoHeight).catch(() => null);
        if (text && (await take(text))) return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  picture.addEventListener("change", async () => {
    const file = picture.files?.[0];
    picture.value = "";
    if (!file) return;
    status.textContent = "Reading the picture\u2026";
    let text = null;
    try {
      text = await readFile(file);
    } catch {
      status.textContent = "This file could not be read as a picture.";
      return;
    }
    if (!text) status.textContent = "No QR code was found in this picture: try a sharper one, or paste the link.";
    else await take(text);
  });
  usePaste.addEventListener("click", () => take(paste.value.trim()));
  paste.addEventListener("keydown", (e) => {
    if (e.key === "Enter") take(paste.value.trim());
  });
  close.addEventListener("click", shut);
  return shut;
}
