/**
 * What a route tells the frame around it: the tab's title, or that its page names the tab itself
 * (an event, a product: their titles come with their data) and the frame must leave it alone.
 */
export type RouteHandle = { title?: string; titledByPage?: boolean };
