/* Draws every <canvas data-chart="id"> from the JSON in <script id="data-id"> (see Chart.java). */
(function () {
  'use strict';
  var root = document.body.dataset.root || '';

  /** 1000 -> 1k, 1000000 -> 1M: dataset sizes as scenario names write them. */
  function size(v) {
    return v >= 1e6 ? v / 1e6 + 'M' : v >= 1e3 ? v / 1e3 + 'k' : String(v);
  }

  function axis(a) {
    var type = !a.numeric ? 'category' : (a.log ? 'logarithmic' : 'linear');
    var scale = { type: type, title: { display: true, text: a.title } };
    if (type === 'logarithmic') {
      // Label the powers of ten (and 2 and 5 between them), not every minor tick.
      scale.ticks = {
        callback: function (v) {
          var mantissa = Math.round(Number(v) / Math.pow(10, Math.floor(Math.log10(Number(v)))) * 1000) / 1000;
          var sizes = a.title === 'identities';
          if ((sizes ? [1] : [1, 2, 5]).indexOf(mantissa) < 0) { return ''; }
          return sizes ? size(Number(v)) : Number(v).toLocaleString('en');
        },
        maxRotation: 0,
        autoSkip: false
      };
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

  function draw(canvas) {
    var c = JSON.parse(document.getElementById('data-' + canvas.dataset.chart).textContent);
    var datasets = c.series.map(function (s) {
      return {
        label: s.label,
        borderColor: s.colour,
        backgroundColor: s.colour,
        borderDash: s.dashed ? [6, 4] : [],
        hidden: !!s.hidden,
        data: s.points.map(function (p) { return { x: p.x, y: p.y, flagged: p.flagged, link: p.link }; }),
        pointRadius: function (ctx) { return ctx.raw && ctx.raw.flagged ? 7 : 3; },
        pointBackgroundColor: function (ctx) { return ctx.raw && ctx.raw.flagged ? '#c62828' : s.colour; },
        spanGaps: true
      };
    });
    return new Chart(canvas, {
      type: c.type,
      data: { labels: c.x.numeric ? undefined : categories(c), datasets: datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: axis(c.x), y: axis(c.y) },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 8, padding: 6, font: { size: 11 } } },
          tooltip: {
            callbacks: {
              afterLabel: function (item) { return item.raw.flagged ? 'regressed against its baseline' : ''; }
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

  var canvases = Array.prototype.slice.call(document.querySelectorAll('canvas[data-chart]'));

  function drawOnce(canvas) {
    if (!Chart.getChart(canvas)) { draw(canvas); }
  }

  function drawAll() { canvases.forEach(drawOnce); }

  // A chart is drawn as it comes near the screen: a page of many charts costs little at load.
  if ('IntersectionObserver' in window) {
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (e.isIntersecting) { observer.unobserve(e.target); drawOnce(e.target); }
      });
    }, { rootMargin: '300px 0px' });
    canvases.forEach(function (c) { observer.observe(c); });
  } else {
    drawAll();
  }
  // A printed page has every chart.
  window.addEventListener('beforeprint', drawAll);
})();
