/** A light placeholder while a lazy page loads. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <div className="sk sk--title" />
      <div className="sk sk--block" />
      <div className="sk" />
    </div>
  );
}
