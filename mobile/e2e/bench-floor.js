// The floor under bench-web's splash figure: the first paint of a page with nothing but a
// heading, served from loopback, in the same Chromium, phone profile and Fast 3G + 4x CPU
// emulation as bench-web.js. No page can show its splash sooner than this here, so it tells a
// slow splash from a slow measurement.
//
//   node bench-floor.js [runs]
import http from "node:http";
import { FAST_3G, withPhone } from "./bench-phone.js";

const runs = Number(process.argv[2] ?? 5);
const page = '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" ' +
  'content="width=device-width, initial-scale=1"><title>floor</title></head>' +
  "<body><h1>Cozcade</h1></body></html>";
const server = http.createServer((_, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
  res.end(page);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const paints = [];
for (let run = 0; run < runs; run++) {
  const paint = await withPhone(async (context) => {
    const tab = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...FAST_3G });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await tab.goto(url, { waitUntil: "load" });
    await tab.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    const timing = await tab.evaluate(() => ({
      page: performance.getEntriesByType("navigation")[0].responseEnd,
      paint: performance.getEntriesByName("first-contentful-paint")[0].startTime,
    }));
    console.log(`run ${run + 1}: page arrived ${Math.round(timing.page)} ms, first paint ${Math.round(timing.paint)} ms`);
    return timing.paint;
  });
  paints.push(paint);
}
server.close();
paints.sort((a, b) => a - b);
console.log(`bare page, Fast 3G + 4x CPU: first paint median ${Math.round(paints[Math.floor(paints.length / 2)])} ms ` +
  `(${Math.round(paints[0])}–${Math.round(paints[paints.length - 1])}), ${runs} runs`);
