/* Draws every <canvas data-chart="id"> from the JSON in <script id="data-id">, and every chart set (a chooser of views, each
   one or more panels) from <script id="set-id"> (see Chart.java and ChartSet.java), with Chart.js (body's data-charts)
   loaded when the first chart comes into view. */
(function () {
  'use strict';
  var root = document.body.dataset.root || '';

  /** 1000 -> 1k, 1000000 -> 1M: dataset sizes as scenario names write them. */
  function size(v) {
    return v >= 1e6 ? v / 1e6 + 'M' : v >= 1e3 ? v / 1e3 + 'k' : String(v);
  }

  function tickLabel(v, sizes) {
    return sizes ? size(v) : Number(v).toLocaleString('en', { maximumSignificantDigits: 3 });
  }

  /** Ticks of a log axis that a reader can read: 1, 2 and 5 of each decade, or every step of one when that gives too few. */
  function logTicks(min, max) {
    var out = [];
    [[1, 2, 5], [1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9]].some(function (mantissas) {
      out = [];
      for (var e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) {
        mantissas.forEach(function (m) {
          var v = m * Math.pow(10, e);
          if (v >= min * 0.999 && v <= max * 1.001) { out.push({ value: v }); }
        });
      }
      return out.length >= 3;
    });
    return out;
  }

  /** The values a chart draws on an axis, to decide whether a log scale is worth it. */
  function extent(c, key) {
    var lo = Infinity, hi = -Infinity;
    c.series.forEach(function (s) {
      s.points.forEach(function (p) {
        var v = key === 'x' ? Number(p.x) : p.y;
        if (v > 0) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      });
    });
    return [lo, hi];
  }

  function axis(a, c, key) {
    var range = extent(c, key);
    var sizes = a.title === 'identities';
    // A log axis over less than tenfold has one tick or none: drawn linear from zero instead, unless it is the sizes'.
    var log = a.log && a.numeric && (sizes || range[1] / range[0] >= 10);
    var type = !a.numeric ? 'category' : (log ? 'logarithmic' : 'linear');
    // An axis says when it is logarithmic: a reader takes equal steps for equal differences otherwise.
    var scale = { type: type, title: { display: true, text: a.title + (type === 'logarithmic' ? ', log scale' : '') } };
    if (type === 'linear' && key === 'y') { scale.beginAtZero = true; }
    if (type === 'logarithmic' && c.type === 'bar' && key === 'y') {
      // A bar on a log axis starts at the axis' floor: a floor just under the smallest value would make its bar vanish
      // (2018's 10.8 req/s over a floor of 10), so the floor is a decade below, or more.
      var floor = Math.pow(10, Math.floor(Math.log10(range[0])));
      scale.min = range[0] / floor < 2 ? floor / 10 : floor;
    }
    if (type === 'logarithmic') {
      scale.afterBuildTicks = function (ax) { ax.ticks = logTicks(ax.min, ax.max); };
      scale.ticks = { callback: function (v) { return tickLabel(v, sizes); }, maxRotation: 0, autoSkip: false };
    } else if (type === 'linear') {
      scale.ticks = { callback: function (v) { return tickLabel(v, sizes); } };
    }
    return scale;
  }

  function categories(c) {
    var seen = [];
    c.series.forEach(function (s) {
      s.points.forEach(function (p) { if (seen.indexOf(p.x) < 0) { seen.push(p.x); } });
    });
    return seen;
  }

  var GREY = '#767676';
  var RED = '#c62828';

  function pointStyle(p) {
    return p.mark === 'CODE' ? 'triangle' : p.mark === 'UNTRUSTED' ? 'crossRot' : 'circle';
  }

  function draw(canvas, c) {
    var datasets = c.series.map(function (s) {
      // Per-point styles as arrays, not functions: Chart.js resolves arrays once, functions for every point at every draw.
      var marks = s.points.map(function (p) { return p.mark; });
      return {
        label: s.label,
        borderColor: s.colour,
        backgroundColor: s.colour,
        borderWidth: s.colour === '#000000' ? 3 : 2,
        borderDash: s.dashed ? [6, 4] : [],
        data: s.points.map(function (p) { return { x: p.x, y: p.y, note: p.note, link: p.link }; }),
        pointStyle: marks.map(function (m) { return m === 'CODE' ? 'triangle' : m === 'UNTRUSTED' ? 'crossRot' : 'circle'; }),
        pointRadius: marks.map(function (m) { return m ? 6 : 3; }),
        pointBorderColor: marks.map(function (m) { return m === 'REGRESSED' ? RED : m === 'UNTRUSTED' ? GREY : s.colour; }),
        pointBackgroundColor: marks.map(function (m) {
          return m === 'REGRESSED' ? RED : m === 'UNTRUSTED' || m === 'OTHER_CODE' ? '#ffffff' : s.colour;
        }),
        pointBorderWidth: marks.map(function (m) { return m ? 2 : 1; }),
        showLine: c.type === 'line' && !s.pointsOnly,
        spanGaps: true
      };
    });
    return new Chart(canvas, {
      type: c.type,
      data: { labels: c.x.numeric ? undefined : (c.categories || categories(c)), datasets: datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        devicePixelRatio: Math.min(window.devicePixelRatio || 1, 2),
        scales: { x: axis(c.x, c, 'x'), y: axis(c.y, c, 'y') },
        plugins: {
          legend: { position: 'bottom', labels: { usePointStyle: true, pointStyle: 'line', boxWidth: 24, padding: 8, font: { size: 12 } } },
          tooltip: {
            callbacks: {
              afterLabel: function (item) { return item.raw.note || ''; }
            }
          }
        },
        onClick: function (event, elements, chart) {
          if (elements.length) {
            var raw = chart.data.datasets[elements[0].datasetIndex].data[elements[0].index];
            if (raw.link) { window.location.href = root + raw.link; }
          }
        }
      }
    });
  }

  /** A chart set's view as its chooser names it. */
  function viewOf(id) {
    var views = JSON.parse(document.getElementById('set-' + id).textContent);
    var choice = document.querySelector('[data-set-choice="' + id + '"]');
    return views[choice ? Number(choice.value) : 0];
  }

  /** One panel of a chart set, drawn (again) for the view its chooser names; a panel that view leaves empty says so. */
  function drawPanel(canvas) {
    var old = Chart.getChart(canvas);
    if (old) { old.destroy(); }
    var panel = viewOf(canvas.dataset.setCanvas).panels[Number(canvas.dataset.panel)];
    var empty = canvas.parentNode.querySelector('.empty');
    canvas.hidden = !panel;
    if (empty) { empty.hidden = !!panel; }
    canvas.dataset.drawn = 'true';
    if (panel) { draw(canvas, panel); }
  }

  var targets = Array.prototype.slice.call(document.querySelectorAll('canvas[data-chart], canvas[data-set-canvas]'));

  function drawOnce(target) {
    if (target.dataset.setCanvas) {
      if (!target.dataset.drawn) { drawPanel(target); }
    } else if (!Chart.getChart(target)) {
      draw(target, JSON.parse(document.getElementById('data-' + target.dataset.chart).textContent));
    }
  }

  /** Chart.js is fetched and run only when a chart is about to be seen: a page read from its top costs nothing for its charts. */
  var library = null;
  function withChartJs(then) {
    if (window.Chart) { then(); return; }
    if (!library) {
      library = [];
      var script = document.createElement('script');
      script.src = document.body.dataset.charts;
      script.onload = function () { library.forEach(function (f) { f(); }); };
      document.head.appendChild(script);
    }
    library.push(then);
  }

  /** Draws the targets one task each, so that no draw holds the page for long. */
  var queue = [];
  function enqueue(target) {
    queue.push(target);
    if (queue.length === 1) {
      withChartJs(function next() {
        drawOnce(queue[0]);
        queue.shift();
        if (queue.length) { setTimeout(next, 0); }
      });
    }
  }

  function drawAll() {
    if (targets.length) { withChartJs(function () { targets.forEach(drawOnce); }); }
  }

  // A new choice redraws the panels of its set that were drawn; the others draw it when they come into view.
  document.querySelectorAll('[data-set-choice]').forEach(function (select) {
    select.addEventListener('change', function () {
      var id = select.dataset.setChoice;
      withChartJs(function () {
        document.querySelectorAll('canvas[data-set-canvas="' + id + '"]').forEach(function (c) {
          if (c.dataset.drawn) { drawPanel(c); }
        });
      });
    });
  });

  if (targets.length) {
    // A chart is drawn as it comes into view: a page of many charts costs little at load.
    if ('IntersectionObserver' in window) {
      var observer = new IntersectionObserver(function (entries) {
        entries.forEach(function (e) {
          if (e.isIntersecting) { observer.unobserve(e.target); enqueue(e.target); }
        });
      }, { rootMargin: '100px 0px' });
      targets.forEach(function (c) { observer.observe(c); });
    } else {
      drawAll();
    }
  }
  // A printed page has every chart.
  window.addEventListener('beforeprint', drawAll);
})();
