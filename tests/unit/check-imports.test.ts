// The import rules that `npm run check` enforces (scripts/check-imports.ts): they hold for the
// repository, and they catch a circle and each kind of import across the rooms.
import { describe, expect, it } from "vitest";
import { brokenRules, circles, importGraph } from "../../scripts/check-imports";

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe("check-imports", () => {
  it("the repository has no circles and lib/server's rooms are in order", () => {
    const real = importGraph();
    expect(real.size).toBeGreaterThan(200);
    expect(circles(real)).toEqual([]);
    expect(brokenRules(real)).toEqual([]);
    // One import added on purpose to the real graph is caught.
    real.set("server/serve.ts", [...real.get("server/serve.ts")!, "scripts/lib/bare-server.ts"]);
    expect(brokenRules(real)).toEqual(["server/serve.ts -> scripts/lib/bare-server.ts: the store's code does not import scripts/ (developer tools)"]);
  });

  it("refuses the store's code importing scripts/, and anything but the launcher loading the emulators", () => {
    const rules = brokenRules(
      graph({
        "server/launch.ts": ["server/emulators/server.ts", "server/database/database.ts"],
        "server/serve.ts": ["scripts/lib/bare-server.ts"],
        "lib/server/providers/stripe.ts": ["server/emulators/stripe.ts"],
        "app/api/health/route.ts": ["scripts/check-imports.ts"],
        "prisma/seed.ts": ["scripts/db.ts"],
        "proxy.ts": ["scripts/lib/cluster.ts"],
        "server/emulators/server.ts": ["server/emulators/stripe.ts"],
        "scripts/bench.ts": ["server/memory.ts", "server/emulators/stripe.ts", "scripts/lib/bare-server.ts"],
        "tests/integration/checkout.test.ts": ["scripts/lib/cluster.ts", "server/emulators/stripe.ts"],
      }),
    );
    expect(rules).toEqual([
      "server/serve.ts -> scripts/lib/bare-server.ts: the store's code does not import scripts/ (developer tools)",
      "lib/server/providers/stripe.ts -> server/emulators/stripe.ts: only the launcher loads the provider emulators",
      "app/api/health/route.ts -> scripts/check-imports.ts: the store's code does not import scripts/ (developer tools)",
      "prisma/seed.ts -> scripts/db.ts: the store's code does not import scripts/ (developer tools)",
      "proxy.ts -> scripts/lib/cluster.ts: the store's code does not import scripts/ (developer tools)",
    ]);
  });

  it("refuses components/ui importing any part of the shop", () => {
    const rules = brokenRules(
      graph({
        "components/ui/confirm-dialog.tsx": ["components/ui/use-modal-dialog.ts", "lib/shared/money.ts"],
        "components/ui/empty-state.tsx": ["components/catalog/product-card.tsx"],
        "components/ui/toast.tsx": ["lib/server/platform/db.ts"],
        "components/catalog/product-card.tsx": ["components/ui/toast.tsx", "components/cart/add-to-cart-button.tsx"],
      }),
    );
    expect(rules).toEqual([
      "components/ui/empty-state.tsx -> components/catalog/product-card.tsx: components/ui knows no part of the shop",
      "components/ui/toast.tsx -> lib/server/platform/db.ts: components/ui knows no part of the shop",
    ]);
  });

  it("finds a circle, type-only or not, through any number of files", () => {
    expect(circles(graph({ "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": ["a.ts"], "d.ts": ["a.ts"] }))).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("refuses a domain that imports the front door, the front door that imports a domain, and a room that imports one above it", () => {
    const rules = brokenRules(
      graph({
        "lib/server/catalog/cache.ts": ["lib/server/front-door/page-cache.ts"],
        "lib/server/front-door/front-door.ts": ["lib/server/accounts/auth.ts", "lib/server/platform/answers.ts"],
        "lib/server/platform/http.ts": ["lib/server/orders/orders.ts"],
        "lib/server/providers/mail.ts": ["lib/server/orders/types.ts"],
        "lib/server/orders/orders.ts": ["lib/server/catalog/catalog.ts", "lib/server/providers/stripe.ts", "lib/server/platform/db.ts"],
        "lib/server/loose.ts": [],
      }),
    );
    expect(rules).toEqual([
      "lib/server/catalog/cache.ts -> lib/server/front-door/page-cache.ts: only the front door imports the front door",
      "lib/server/front-door/front-door.ts -> lib/server/accounts/auth.ts: the front door reaches the domains only through the route handlers",
      "lib/server/platform/http.ts -> lib/server/orders/orders.ts: platform may not import orders",
      "lib/server/providers/mail.ts -> lib/server/orders/types.ts: providers may not import orders",
      "lib/server/loose.ts: lib/server files live in one of platform, providers, accounts, catalog, shop-lists, orders, billing, support, delivery, reviews, front-door",
    ]);
  });
});
