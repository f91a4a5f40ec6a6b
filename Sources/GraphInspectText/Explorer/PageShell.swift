/// The frame both pages share, up to their own styles: a full-window column (a header, then the
/// picture beside a panel) in the same type. Each page appends its rules and closes the `<style>`.
enum PageShell {
    static let head = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>%TITLE%</title>
        <style>
          html, body { height: 100%; margin: 0; }
          body { font-family: system-ui, sans-serif; color: #222; display: flex; flex-direction: column; }
          header { padding: 8px 12px; border-bottom: 1px solid #ddd; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
          h1 { font-size: 15px; margin: 0 10px 0 0; }
          main { flex: 1; display: flex; min-height: 0; }
          #picture { flex: 1; min-width: 0; overflow: hidden; cursor: grab; background: #fff; }
          aside { overflow: auto; font-size: 13px; border-left: 1px solid #ddd; padding: 8px 12px; }
          g.node { cursor: pointer; }

        """
}
