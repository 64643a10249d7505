// Worker of throttle.html: a busy loop of n steps, timed here, its time posted back (ms).
self.onmessage = (e) => {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < e.data; i++) x += Math.sqrt(i);
  self.sink = x;
  self.postMessage(performance.now() - t0);
};
