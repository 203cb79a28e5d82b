// An nginx configuration for several store instances behind one address: round-robin, the
// client's address passed on in X-Forwarded-For (run the store with TRUSTED_PROXY_HOPS=1), and a
// request that could not reach one instance (refused, reset before an answer, timed out
// connecting) passed to the next. The resilience tests run nginx with it; README "Several
// instances" shows the same settings for a deployment.
//
// No upstream keepalive on purpose: each request opens its own connection, so an instance that
// is draining (SIGTERM: it stops accepting and finishes what it holds) never has a request sent
// on a kept-alive connection it is closing. A refused connection goes to the other instance.
// `non_idempotent`: when an instance closes its listening socket, the connections the kernel had
// queued but Node had not yet accepted are reset, after nginx may have written a request into
// one; that request was never read, so nginx may send it (a POST too) to the other instance. The
// price: an instance killed outright (SIGKILL, out of memory, or the drain's forced exit after
// 9 s) in the middle of a POST may have that POST run again on the other one. No `timeout`: a
// slow answer is waited for (proxy_read_timeout), never sent again.
export function nginxConfig(options: { listen: string; upstreams: string[]; prefix: string; user?: string }): string {
  const at = (name: string) => `${options.prefix}/${name}`;
  return `${options.user ? `user ${options.user};\n` : ""}worker_processes 1;
error_log ${at("error.log")} warn;
pid ${at("nginx.pid")};
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${at("client_body")};
  proxy_temp_path ${at("proxy")};
  fastcgi_temp_path ${at("fastcgi")};
  uwsgi_temp_path ${at("uwsgi")};
  scgi_temp_path ${at("scgi")};
  upstream store {
${options.upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join("\n")}
  }
  server {
    listen ${options.listen};
    client_max_body_size 4m;
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error http_502 non_idempotent;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffering off;
    }
  }
}
`;
}
