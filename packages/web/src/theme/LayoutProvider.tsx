import { MantineProvider } from '@mantine/core';
import { layoutForHost } from '@moneybox/contract/layout';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { fetchDomainMap } from '../api/transport';
import { cssVariablesResolver, layoutInfo, mantineTheme, type LayoutInfo } from './themes';

const LayoutContext = createContext<LayoutInfo>(layoutInfo(0));

/** The layout of this host (domain map, 0 when absent): its colour theme and currency sign. */
export function useLayoutInfo(): LayoutInfo {
  return useContext(LayoutContext);
}

export function LayoutProvider({ children }: { children: React.ReactNode }) {
  const domain = useQuery({ queryKey: ['domain.json'], queryFn: fetchDomainMap, staleTime: Infinity, retry: 1 });
  const info = useMemo(() => layoutInfo(layoutForHost(domain.data, window.location.host)), [domain.data]);
  const theme = useMemo(() => mantineTheme(info.theme), [info.theme]);
  // Waiting for the map avoids a flash of the wrong colours; a failed fetch falls back to layout 0.
  if (domain.isPending) return null;
  return (
    <LayoutContext.Provider value={info}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <div data-theme={info.theme} data-layout={info.layout} style={{ display: 'contents' }}>
          {children}
        </div>
      </MantineProvider>
    </LayoutContext.Provider>
  );
}
