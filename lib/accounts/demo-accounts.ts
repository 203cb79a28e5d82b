// The two demo accounts the seed creates. The sign-in form is prefilled with the guest (docs/PRODUCT.md §2.4)
// unless DEMO_ACCOUNTS=0. Change or remove them before taking real customers.
export const DEMO_GUEST = { name: "Guest Shopper", email: "guest@voltstore.in", password: "guest-shopper-2024", role: "USER" } as const;
export const DEMO_ADMIN = { name: "Store Admin", email: "admin@voltstore.in", password: "admin-volt-2024", role: "ADMIN" } as const;
