/** The built index.html, bundled as text by scripts/buildFunctions.ts. */
declare module '#first-visit-template' {
  const html: string;
  export default html;
}
