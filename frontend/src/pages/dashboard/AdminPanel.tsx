/** The admin console is a later issue; the spec shows a placeholder. */
export default function AdminPanel() {
  return (
    <section className="card items-center border border-dashed border-base-300 p-12 text-center">
      <p className="text-lg text-base-content/80">Admin features coming soon...</p>
    </section>
  );
}
