import { IntentLink } from "@/components/layout/intent-link";

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <IntentLink href="/" className="rounded-full bg-brand-600 px-5 py-2 text-white hover:bg-brand-700">
        Back to the shop
      </IntentLink>
    </section>
  );
}
