/** What a screen shows while the code of a route opened directly is still loading. */
export function PageLoading() {
  return (
    <p className="loading" role="status">
      Loading...
    </p>
  );
}
