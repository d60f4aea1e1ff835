import type { UseQueryResult } from "@tanstack/react-query";

/** What a list shows while its query loads, when it failed, and when it answered with nothing. */
export function QueryStatus(props: {
  query: UseQueryResult<unknown>;
  loading: string;
  /** Whether the answer holds nothing to show. */
  isEmpty: boolean;
  empty: string;
  emptyTestId?: string;
}) {
  const { query } = props;
  return (
    <>
      {query.isPending && <p className="loading">{props.loading}</p>}
      {query.isError && (
        <p className="form-error" role="alert">
          {query.error.message}
        </p>
      )}
      {query.isSuccess && props.isEmpty && (
        <p className="empty-state" data-testid={props.emptyTestId}>
          {props.empty}
        </p>
      )}
    </>
  );
}
