<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="gems_terrain" tilewidth="32" tileheight="32" tilecount="116" columns="16">
 <image source="gems_terrain.png" width="512" height="256"/>
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="terrain" type="string" value="tall_grass"/>
  </properties>
 </tile>
 <tile id="4" type="terrain">
  <properties>
   <property name="terrain" type="string" value="dirt"/>
  </properties>
 </tile>
 <tile id="5" type="terrain">
  <properties>
   <property name="terrain" type="string" value="dirt"/>
  </properties>
 </tile>
 <tile id="6" type="terrain">
  <properties>
   <property name="terrain" type="string" value="mud"/>
  </properties>
 </tile>
 <tile id="7" type="terrain">
  <properties>
   <property name="terrain" type="string" value="sand"/>
  </properties>
 </tile>
 <tile id="8" type="terrain">
  <properties>
   <property name="terrain" type="string" value="sand"/>
  </properties>
 </tile>
 <tile id="9" type="terrain">
  <properties>
   <property name="terrain" type="string" value="stone_floor"/>
  </properties>
 </tile>
 <tile id="10" type="terrain">
  <properties>
   <property name="terrain" type="string" value="stone_floor"/>
  </properties>
 </tile>
 <tile id="11" type="terrain">
  <properties>
   <property name="terrain" type="string" value="rubble"/>
  </properties>
 </tile>
 <tile id="12" type="terrain">
  <properties>
   <property name="terrain" type="string" value="wall"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="13" type="terrain">
  <properties>
   <property name="terrain" type="string" value="boulder"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="14" type="terrain">
  <properties>
   <property name="terrain" type="string" value="tree"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="15" type="terrain">
  <properties>
   <property name="terrain" type="string" value="tree"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="16" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="17" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="N"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="18" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="NE"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="19" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="E"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="20" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="SE"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="21" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="S"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="22" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="SW"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="23" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="W"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="24" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="NW"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="25" type="terrain">
  <properties>
   <property name="terrain" type="string" value="deep_water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="26" type="terrain">
  <properties>
   <property name="terrain" type="string" value="bridge"/>
   <property name="water" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="27" type="terrain">
  <properties>
   <property name="terrain" type="string" value="bridge"/>
   <property name="water" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="28" type="terrain">
  <properties>
   <property name="terrain" type="string" value="log"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="29" type="terrain">
  <properties>
   <property name="terrain" type="string" value="bush"/>
  </properties>
 </tile>
 <tile id="30" type="terrain">
  <properties>
   <property name="terrain" type="string" value="wall"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="31" type="terrain">
  <properties>
   <property name="terrain" type="string" value="pillar"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="32" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="33" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="34" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="35" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="36" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="37" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="38" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="39" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="40" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="41" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="42" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="43" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="44" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="45" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="46" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="47" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="48" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="49" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="50" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="51" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="52" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="53" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="54" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="55" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="56" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="57" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="58" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="59" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="60" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="61" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="62" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="63" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="64" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="65" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="66" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="67" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="68" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="69" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="70" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="71" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="72" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="73" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="74" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="75" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="76" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="77" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="78" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="79" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="80" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="81" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="82" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="83" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="84" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="85" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="86" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="87" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="88" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="89" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="90" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="91" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="92" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="93" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="94" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="95" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="96" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="97" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="98" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="99" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="100" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="101" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="102" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="103" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="104" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="105" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="106" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="107" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="108" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="109" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="110" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="111" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
</tileset>
