/** The DEMO MODE banner: this build simulates the chain and is a review version. */
export function DemoBanner() {
  return (
    <div className="demo-banner" role="note">
      <strong>DEMO MODE</strong> - review version
    </div>
  );
}
