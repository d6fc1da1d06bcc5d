import { MantineProvider } from '@mantine/core';
import { layoutForHost } from '@moneybox/contract/layout';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { fetchDomainMap } from '../api/transport';
import { cssVariablesResolver, layoutInfo, mantineTheme, type LayoutInfo } from './themes';

const LayoutContext = createContext<LayoutInfo>(layoutInfo(0));

/** The layout of this host (domain map, 0 when absent): its colour theme and currency sign. */
export function useLayoutInfo(): LayoutInfo {
  return useContext(LayoutContext);
}

/**
 * Money and layout facts of another layout inside this page: the console shows a store's reports with
 * the store's currency sign (its host's layout; the colon of layout 2). The colours stay the page's.
 */
export function LayoutOf({ layout, children }: { layout: number; children: React.ReactNode }) {
  const info = useMemo(() => layoutInfo(layout), [layout]);
  return <LayoutContext.Provider value={info}>{children}</LayoutContext.Provider>;
}

type DomainMap = Record<string, unknown>;

let domainMap: DomainMap | null | undefined;
let domainLoad: Promise<DomainMap | null> | undefined;

/**
 * The domain map, read once per page load (tried twice; a map that cannot be read is `null`, layout
 * 0). Kept out of the query cache, which the login page served alone does not load.
 */
function loadDomainMap(): Promise<DomainMap | null> {
  domainLoad ??= fetchDomainMap()
    .catch(() => fetchDomainMap())
    .catch(() => null)
    .then((map) => (domainMap = map));
  return domainLoad;
}

export function LayoutProvider({ children }: { children: React.ReactNode }) {
  const [map, setMap] = useState(domainMap);
  useEffect(() => {
    if (map !== undefined) return;
    let live = true;
    void loadDomainMap().then((m) => live && setMap(m));
    return () => {
      live = false;
    };
  }, [map]);
  const info = useMemo(() => layoutInfo(layoutForHost(map, window.location.host)), [map]);
  const theme = useMemo(() => mantineTheme(info.theme), [info.theme]);
  // Waiting for the map avoids a flash of the wrong colours; a failed fetch falls back to layout 0.
  if (map === undefined) return null;
  return (
    <LayoutContext.Provider value={info}>
      {/* Every theme variable from here (Mantine's defaults included), so the 27 kB default-css-variables.css
          is not downloaded (app/styles/login-styles.ts; theme/LayoutProvider.test.tsx checks none is missing). */}
      {/* Light only: the build drops Mantine's dark-scheme rules from every sheet (vite.config.ts). */}
      <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false}>
        <div data-theme={info.theme} data-layout={info.layout} style={{ display: 'contents' }}>
          {children}
        </div>
      </MantineProvider>
    </LayoutContext.Provider>
  );
}
