export function HomeScreen() {
  return (
    <main>
      <h1>Train with us</h1>
      <p>Plans for every goal, from a daily pass to a full year of coaching.</p>
    </main>
  );
}
