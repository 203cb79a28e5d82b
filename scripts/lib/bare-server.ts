// What the benchmarks compare the store with: a bare node:http server, in a process of its own,
// answering one body from memory (the physical ceiling of one Node process on this machine), and
// a GET that reads an answer's bytes exactly as sent (fetch would decompress them).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../server/database/embedded-postgres";

/** Starts the bare server answering `body` with `headers` (and its length) to every request. */
export async function startBareServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "bench-bare-"));
  writeFileSync(path.join(dir, "body"), body);
  const code = `const body=require("node:fs").readFileSync(process.env.BODY_FILE);const headers={...JSON.parse(process.env.HEADERS),"content-length":body.length};require("node:http").createServer((q,r)=>{r.writeHead(200,headers);r.end(body)}).listen(${port},"127.0.0.1",()=>console.log("up"))`;
  const child = spawn(process.execPath, ["-e", code], { env: { ...process.env, BODY_FILE: path.join(dir, "body"), HEADERS: JSON.stringify(headers) }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One GET's headers and body bytes exactly as sent. */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
