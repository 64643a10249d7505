// When the page's work that an answer on screen does not need runs: after the frame that
// shows the answer, so that none of it is laid out or painted in that frame, or delays it.

// `fn` in a task after the next frame (rAF -> setTimeout 0): once that frame is painted, not in its
// callbacks, where a change to the page makes the frame lay it out a second time before it paints.
export function afterFrame(fn) {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

// `fn` once the next frame is painted and the page is idle (requestIdleCallback; a task after the frame
// where there is none, as in Safari): work a result on screen does not need, kept out of the way of the
// tasks that follow the result. A hidden page paints no frame, so it runs within 100 ms anyway (a phone
// may discard a hidden tab). Runs `fn` once.
export function afterPaint(fn) {
  let done = false;
  const once = () => {
    if (!done) fn();
    done = true;
  };
  afterFrame(() => (window.requestIdleCallback ? requestIdleCallback(once, { timeout: 100 }) : once()));
  setTimeout(once, 100);
}
