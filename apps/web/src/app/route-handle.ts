/** What a route tells the frame around it: the tab's title. */
export type RouteHandle = { title?: string };
