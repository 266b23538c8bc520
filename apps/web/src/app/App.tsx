import { RouterProvider } from 'react-router-dom';
import { ResourceFormsProvider } from '../kit/form/ResourceFormsProvider';
import { AppProviders } from './AppProviders';
import { RESOURCE_FORMS } from './resource-forms';
import { router } from './router';

export function App() {
  return (
    <AppProviders>
      <ResourceFormsProvider forms={RESOURCE_FORMS}>
        <RouterProvider router={router} />
      </ResourceFormsProvider>
    </AppProviders>
  );
}
