/** A mapped value as plain text: lists one per line, objects as "key: value" pairs. */
export function ValueView({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="text-gray-500">—</span>;
  if (typeof value === 'boolean') return <span>{value ? 'Yes' : 'No'}</span>;
  if (typeof value === 'string' || typeof value === 'number') return <span className="[overflow-wrap:anywhere]">{String(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-gray-500">—</span>;
    return (
      <ul className="flex flex-col gap-1">
        {value.map((item, index) => (
          <li key={index}>
            <ValueView value={item} />
          </li>
        ))}
      </ul>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <span className="[overflow-wrap:anywhere]">
      {entries.map(([key, v], index) => (
        <span key={key}>
          {index > 0 ? ' · ' : null}
          <span className="text-gray-500">{key}:</span> {typeof v === 'object' ? JSON.stringify(v) : String(v)}
        </span>
      ))}
    </span>
  );
}
