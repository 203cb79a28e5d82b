/** The centred white card of the sign-in, sign-up and password-reset screens. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-semibold">{title}</h1>
        {children}
      </div>
    </section>
  );
}
