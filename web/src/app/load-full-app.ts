/** The whole app's chunk: the query layer, the router and every signed-in app's loader. */
export const loadFullApp = () => import('./full-app');
