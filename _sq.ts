import http from "node:http";
const origin = "http://127.0.0.1:3399";
const words = new Set<string>();
for (let off = 0; off < 100000 && words.size < 600; off += 997) {
  const r = await fetch(`${origin}/api/products?limit=5&offset=${off}`);
  for (const p of (await r.json()) as { title: string }[]) for (const w of p.title.split(/[^A-Za-z]+/)) if (w.length >= 5) words.add(w.toLowerCase());
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (path: string) => new Promise<number>((resolve, reject) => {
  const t = performance.now();
  http.get(`${origin}${path}`, { agent, headers: { "accept-encoding": "gzip, deflate, br" } }, (res) => { res.resume(); res.on("end", () => resolve(performance.now() - t)); }).on("error", reject);
});
const list = [...words];
const times: number[] = [];
const slow: [number, string][] = [];
for (const w of list) { const d = await get(`/api/search?q=${encodeURIComponent(w)}`); times.push(d); slow.push([d, w]); }
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.floor(p * (times.length - 1))].toFixed(2);
console.log(list.length, "queries p50", q(0.5), "p95", q(0.95), "max", q(1));
console.log(slow.sort((a, b) => b[0] - a[0]).slice(0, 12).map(([d, w]) => `${w}:${d.toFixed(1)}`).join(" "));
