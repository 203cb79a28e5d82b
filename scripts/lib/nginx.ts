// An nginx configuration for several store instances behind one address: round-robin, the
// client's address passed on in X-Forwarded-For (run the store with TRUSTED_PROXY_HOPS=1), and a
// request nginx could not hand to one instance passed to the next. The resilience tests run
// nginx with it; docs/DEPLOYMENT.md, "Several instances" shows the same settings for a deployment.
//
// No request is ever applied on one instance and then sent to another: without
// `non_idempotent`, nginx passes a POST (or PATCH) on only when its connection failed before
// anything was written (refused: the instance has closed its listening socket); a POST written to
// an instance that then resets or dies answers 502 and is not sent again. GET, HEAD, PUT, DELETE
// and OPTIONS may be sent again on `error` (HTTP calls them idempotent): a role change or product
// edit lands in the same state, but a re-sent password change through update-user answers 400
// (docs/DEPLOYMENT.md, "Several instances" says so).
// `http_504`: a stopping instance (server/serve.ts, SIGTERM) first answers reads with 504 for
// its drain delay, before it closes its listening socket: nginx sends those to another instance
// and marks it failed (max_fails=1) for fail_timeout, so no write is in its accept queue when it
// closes (such a write would answer 502; it is never sent twice). The store answers no 504 itself.
// `zone`: the workers share which instance failed.
// No upstream keepalive on purpose: each request opens its own connection, so an instance that
// is draining never has a request sent on a kept-alive connection it is closing. No `timeout`: a
// slow answer is waited for (proxy_read_timeout), never sent again.
// /api/health and /api/ready are never passed on (`proxy_next_upstream off`): a probe through
// nginx hears the instance it reached; orchestrators probe each instance directly.
// `keepaliveRequests`: nginx closes a client's connection after 1 000 requests (its default), with
// `Connection: close` on the last answer. A browser opens a new one; autocannon ignores the header
// and writes its next request at once, which loses that request, and fails it with ECONNRESET
// when the write meets the closed socket. The load tests (scripts/lib/cluster.ts) raise the
// bound so that their counts are exact; a deployment keeps nginx's default.
export function nginxConfig(options: { listen: string; upstreams: string[]; prefix: string; user?: string; keepaliveRequests?: number }): string {
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
    zone store 64k;
${options.upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join("\n")}
  }
  server {
    listen ${options.listen};
${options.keepaliveRequests ? `    keepalive_requests ${options.keepaliveRequests};\n` : ""}    client_max_body_size 4m;
    # The probes answer for the instance that got them: never passed on to another.
    location ~ ^/api/(health|ready)$ {
      proxy_pass http://store;
      proxy_next_upstream off;
      proxy_connect_timeout 2s;
      proxy_read_timeout 5s;
    }
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # One id per request, in nginx's log ($request_id) and the store's (the store trusts it
      # behind TRUSTED_PROXY_HOPS and sends it back as X-Request-Id); a client's own is replaced.
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error http_504;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffering off;
    }
  }
}
`;
}
