export function AppFooter() {
  return (
    <footer className="border-t border-slate-200/80">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-xs text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>Agency Desk · hotels, flights, activities and transfers for travel advisors</p>
        <p>Travel Distribution Service API v1</p>
      </div>
    </footer>
  );
}
