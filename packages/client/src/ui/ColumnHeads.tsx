/** A table's header row, one column heading per title, so screen readers name every cell. */
export function ColumnHeads(props: { titles: readonly string[] }) {
  return (
    <thead>
      <tr>
        {props.titles.map((title) => (
          <th key={title} scope="col">
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
