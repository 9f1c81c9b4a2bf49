/// The review page's scripts, inline so the page works from a folder without a server. Without
/// them the page still reads: every group opens by hand, and no control is shown that needs them.
enum ReviewScript {
    /// Shows the filters and applies them: a row stays when its text holds the search, and it has
    /// the chosen status in the chosen locale (any locale when none is chosen). The page's query
    /// (`?q=…&locale=de-DE&status=stale&template=templates-pages-landing-md`) sets them and is kept
    /// up to date as they change, so a filtered view can be linked to. Sections without string
    /// tables (other findings) are never hidden. With a locale chosen, only its column and the
    /// source's are shown, so a phone-sized screen has room for them. A search, a status or a
    /// template opens the groups that have strings left, and each group's summary counts them.
    static let filters = """
        (function(){var f=document.querySelector(".filters");if(!f)return;f.hidden=false;
        var q=document.getElementById("review-search"),l=document.getElementById("review-locale"),
        s=document.getElementById("review-status"),t=document.getElementById("review-template"),
        c=document.getElementById("review-count");
        function keep(){var p=new URLSearchParams();[["q",q.value.trim()],["locale",l.value],["status",s.value],
        ["template",t.value]].forEach(function(e){if(e[1])p.set(e[0],e[1])});var qs=p.toString();
        try{history.replaceState(null,"",location.pathname+(qs?"?"+qs:"")+location.hash)}catch(e){}}
        function apply(){var text=q.value.trim().toLowerCase(),shown=0,total=0,narrowed=!!(text||s.value||t.value);
        document.querySelectorAll("main section").forEach(function(sec){if(!sec.querySelector("table.strings"))return;var any=0;
        sec.querySelectorAll("tbody tr").forEach(function(row){total++;
        var states=(row.getAttribute("data-status")||"").split(" ");
        var ok=(!text||row.textContent.toLowerCase().indexOf(text)>=0)&&(!s.value||states.some(function(t){
        return t.slice(t.lastIndexOf(":")+1)===s.value&&(!l.value||t.slice(0,t.lastIndexOf(":"))===l.value)}));
        ok=ok&&(!t.value||sec.id===t.value);row.hidden=!ok;if(ok){shown++;any++}});sec.hidden=!any;
        var d=sec.querySelector("details"),n=sec.querySelector(".shown");if(n)n.textContent=narrowed?" · "+any+" shown":"";
        if(narrowed&&any&&d)d.open=true});
        document.querySelectorAll("[data-column]").forEach(function(cell){var col=cell.getAttribute("data-column");
        cell.hidden=!!l.value&&col!==l.value&&col!==f.getAttribute("data-source")});
        c.textContent=shown+" of "+total+" strings"}
        var p=new URLSearchParams(location.search);q.value=p.get("q")||"";l.value=p.get("locale")||"";
        s.value=p.get("status")||"";t.value=p.get("template")||"";
        [q,l,s,t].forEach(function(e){e.addEventListener("input",function(){apply();keep()})});apply()})();
        """

    /// Keeps which groups are open in the page's fragment (`#templates-pages-landing-md`, several
    /// joined by commas), so reloading or sharing the address opens the same ones: the fragment
    /// opens its groups on load and when it changes (a link of the page's list of groups), and
    /// opening or closing a group writes it again. Runs before the filters, which open the groups
    /// a search leaves strings in.
    static let groups = """
        (function(){var groups=[].slice.call(document.querySelectorAll("main section.group"));if(!groups.length)return;
        function named(){var h=location.hash.slice(1);try{h=decodeURIComponent(h)}catch(e){}return h?h.split(","):[]}
        function sync(){var open=groups.filter(function(g){var d=g.querySelector("details");return d&&d.open})
        .map(function(g){return g.id});try{history.replaceState(null,"",location.pathname+location.search+
        (open.length?"#"+open.join(","):""))}catch(e){}}
        function show(all){var ids=named(),first=null;groups.forEach(function(g){var d=g.querySelector("details");if(!d)return;
        var o=ids.indexOf(g.id)>=0;if(o||all)d.open=o;if(o&&!first)first=g});if(first)first.scrollIntoView()}
        show(true);groups.forEach(function(g){var d=g.querySelector("details");if(d)d.addEventListener("toggle",sync)});
        window.addEventListener("hashchange",function(){show(false);sync()})})();
        """

    /// Records the decisions made under each translation in the browser's storage (per page),
    /// drops any made on a translation that has changed since (`data-hash`), and offers each
    /// locale's decisions as a `review-LOCALE.json` download in the format `l10n import` reads.
    static let decisions = """
        (function(){var sets=document.querySelectorAll("fieldset.decision"),panel=document.getElementById("review-decisions");
        if(!panel||!sets.length)return;var store="beckon-review:"+location.pathname,saved={};
        try{saved=JSON.parse(localStorage.getItem(store)||"{}")||{}}catch(e){saved={}}
        function save(){try{localStorage.setItem(store,JSON.stringify(saved))}catch(e){}}
        function id(f){return f.getAttribute("data-locale")+" "+f.getAttribute("data-key")}
        function record(f){var r=f.querySelector("input[type=radio]:checked"),note=f.querySelector("textarea").value.trim();
        if(!r||!r.value){delete saved[id(f)]}else{var d={key:f.getAttribute("data-key"),decision:r.value,
        translationHash:f.getAttribute("data-hash")};if(note)d.note=note;saved[id(f)]=d}save();render()}
        function render(){var by={},total=0,out=document.getElementById("review-exports");out.textContent="";
        Object.keys(saved).forEach(function(k){var l=k.slice(0,k.indexOf(" "));(by[l]=by[l]||[]).push(saved[k])});
        Object.keys(by).sort().forEach(function(l){var list=by[l].sort(function(a,b){return a.key<b.key?-1:a.key>b.key?1:0});
        total+=list.length;var json=JSON.stringify({format:"beckon-review",version:1,locale:l,decisions:list},null,1)+"\\n";
        var a=document.createElement("a");a.href="data:application/json;charset=utf-8,"+encodeURIComponent(json);
        a.download="review-"+l+".json";a.setAttribute("data-locale",l);
        a.textContent="Download review-"+l+".json ("+list.length+" decision"+(list.length===1?"":"s")+")";
        var li=document.createElement("li");li.appendChild(a);out.appendChild(li)});
        document.getElementById("review-decided").textContent=total?total+" decision"+(total===1?"":"s")+
        " made in this browser.":"No decisions yet: choose Approve or Needs work under a translation."}
        sets.forEach(function(f){f.hidden=false;var d=saved[id(f)];
        if(d&&d.translationHash!==f.getAttribute("data-hash")){delete saved[id(f)];d=null}
        if(d){f.querySelectorAll("input[type=radio]").forEach(function(r){r.checked=r.value===d.decision});
        f.querySelector("textarea").value=d.note||""}
        f.addEventListener("change",function(){record(f)});f.addEventListener("input",function(){record(f)})});
        save();panel.hidden=false;render()})();
        """
}
