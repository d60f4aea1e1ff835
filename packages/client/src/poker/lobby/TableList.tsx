import type { JoinAnswer, TableSummary } from "../api/pokerApi.ts";
import { JoinDialog } from "./JoinDialog.tsx";
import { describeTableRow } from "./tableRows.ts";

/** The lobby's table list: name, blinds, buy-in range, players, status and Join Table. */
export function TableList({
  tables,
  onJoined,
}: {
  tables: TableSummary[];
  onJoined: (answer: JoinAnswer) => void;
}) {
  return (
    <table className="poker-lobby-table" data-testid="poker-tables">
      <thead>
        <tr>
          <th scope="col">Table</th>
          <th scope="col">Blinds</th>
          <th scope="col">Buy-in</th>
          <th scope="col">Players</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="sr-only">Join</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tables.map((table) => {
          const words = describeTableRow(table);
          return (
            <tr key={table.id} data-testid={`poker-table-row-${table.id}`}>
              <th scope="row">
                <span className="poker-table-name">{table.name}</span>
                {words.practice && <span className="poker-practice">Practice against bots · play money</span>}
              </th>
              <td data-label="Blinds">{words.blinds}</td>
              <td data-label="Buy-in">{words.buyIn}</td>
              <td data-label="Players" data-testid="seated">
                {words.seats}
              </td>
              <td>
                <span className={`badge poker-status-${table.status}`}>{words.status}</span>
              </td>
              <td>
                <JoinDialog table={table} onJoined={onJoined} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
