import { Alert } from '@mantine/core';

/** A console action's refusal or a read's error (in the user's language); nothing when there is none. */
export function ActionAlert({ error, testId, mt, mb }: { error: string | null | undefined; testId?: string; mt?: string; mb?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId} mt={mt} mb={mb}>
      {error}
    </Alert>
  );
}
