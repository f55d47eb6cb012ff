/**
 * The card's sparkline: the ad count on each of the last 30 days (null before the first count), as a small line.
 * Loaded after the page (offer-card.tsx): no chart code in the dashboard's first load.
 */
export default function CardSparkline({ spark }: { spark: readonly (number | null)[] }) {
  const known = spark.flatMap((value, day) => (value === null ? [] : [[day, value] as const]));
  if (known.length < 2) return null;
  const max = Math.max(...known.map(([, value]) => value));
  const min = Math.min(...known.map(([, value]) => value));
  const span = Math.max(1, max - min);
  const width = 56;
  const height = 18;
  const step = width / Math.max(1, spark.length - 1);
  const points = known
    .map(
      ([day, value]) =>
        `${(day * step).toFixed(1)},${(height - 2 - ((value - min) / span) * (height - 4)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      aria-hidden
      viewBox={`0 0 ${width} ${height}`}
      className="h-[18px] w-14"
      data-testid="card-sparkline"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
