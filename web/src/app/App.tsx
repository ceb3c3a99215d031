import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { AuthProvider } from '../auth/AuthProvider';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { OfflineBadge } from '../components/OfflineBadge';
import { Toaster } from '../components/toast/Toaster';
import { ThemeSync } from '../layout/ThemeToggle';
import { swrConfig } from '../lib/swr';
import { AppRoutes } from './routes';

export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <SWRConfig value={swrConfig}>
          <AuthProvider>
            <ThemeSync />
            <AppRoutes />
            <Toaster />
            <OfflineBadge />
          </AuthProvider>
        </SWRConfig>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
