/**
 * The calls the data layer makes, as one injectable object: the app passes the real client, component
 * tests pass a fake server (tests/ui/fakeServer.ts). Queries and the machines' provided actors are the
 * only callers of the API client; components read through them.
 */
import { createContext, useContext } from 'react';
import { callApi, getApi, uploadBytes } from '../api/client';

export interface Api {
  call: typeof callApi;
  get: typeof getApi;
  upload: typeof uploadBytes;
}

export const realApi: Api = {
  call: (name, payload, options) => callApi(name, payload, options),
  get: (path, searchParams) => getApi(path, searchParams),
  upload: (path, bytes) => uploadBytes(path, bytes),
};

export const ApiContext = createContext<Api>(realApi);

export const useApi = (): Api => useContext(ApiContext);
