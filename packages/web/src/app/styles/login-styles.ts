/*
 * Mantine's stylesheets, one per component, instead of the whole '@mantine/core/styles.css'
 * (about 40 kB gzipped, mostly components the app never renders). This file holds what every
 * route can show, the login page and message boxes included; the pages behind the Default layout
 * add theirs in `page-styles.ts`, the message boxes' Modal in `overlays/ModalsHost.tsx`. The order is Mantine's own (the order inside styles.css): a
 * component's sheet comes after the sheets of the components it is built on.
 *
 * Mantine's default-css-variables.css is left out: the provider writes every theme variable itself
 * (`deduplicateCssVariables={false}` in theme/LayoutProvider.tsx), so the sheet would only repeat them.
 *
 * Using a new Mantine component? Add its sheet (and those of the components it is built on) here
 * if the login page or a message box shows it, otherwise to `page-styles.ts`; `styles.test.ts`
 * fails for a component imported from '@mantine/core' whose own sheet is missing.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
