/**
 * The yardstick of `bench/web-size.bench.ts`: a plain Mantine page as Mantine's getting-started
 * guide sets one up (React, the provider, the whole stylesheet) with a small sign-in form, built
 * in the same run as the app.
 */
import '@mantine/core/styles.css';
import { Button, MantineProvider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  h(
    MantineProvider,
    null,
    h(Stack, { maw: 420, p: 'lg' }, h(Title, { order: 1 }, 'Sign in'), h(TextInput, { label: 'Username' }), h(PasswordInput, { label: 'Password' }), h(Button, { type: 'submit' }, 'Sign in')),
  ),
);
