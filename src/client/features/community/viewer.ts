/** The signed-in member as the community screens need them: who may delete what, and whether they are signed in. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}
