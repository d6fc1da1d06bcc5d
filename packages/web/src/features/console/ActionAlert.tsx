import { Alert } from '@mantine/core';

/** A console action's refusal (in the user's language) under its form; nothing when there is none. */
export function ActionAlert({ error, testId, mt, mb }: { error: string | null; testId?: string; mt?: string; mb?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId} mt={mt} mb={mb}>
      {error}
    </Alert>
  );
}
